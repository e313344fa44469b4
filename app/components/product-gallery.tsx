import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { useT } from "~/hooks/use-t";
import { imageSources, variantUrl, type ImageInfo } from "~/utils/image-url";
import { ResponsiveImage } from "./responsive-image";
import { useHydrated } from "~/hooks/use-hydrated";

/** URL of the largest stored variant of `image` (the "full-size" image). */
function fullSizeUrl(image: ImageInfo): string {
  return variantUrl(image.key, image.variantWidths.at(-1) ?? image.width);
}

/** How long the strip must be still before its scroll position picks the current image, in ms. */
const SCROLL_SETTLE_MS = 100;

/**
 * The product image gallery: 'No image available' without images; otherwise a
 * horizontal scroll-snap strip of every image.
 *
 * Without JavaScript every image stays reachable: the strip scrolls (swipe, keyboard), each dot is
 * an anchor link to `#image-N`, and each image links to its largest variant (the full-size image).
 *
 * With JavaScript the same markup is enhanced: previous/next arrows that wrap around, the dots become
 * buttons ("Show image 2 of 5", `aria-current` on the current one), and following an image's link
 * opens a modal preview instead (a native `<dialog>` opened with `showModal()`, so focus stays inside
 * and Escape closes it) with the large variants, its own arrows (also ArrowLeft/ArrowRight) and a
 * close button; a click on the overlay closes it too, and focus returns to the image link.
 *
 * `start` is the image shown first (a variant's picture): without JavaScript it is drawn first in the
 * strip; with JavaScript the strip scrolls to it, and again whenever `start` changes. It loads
 * eagerly with high fetch priority (it is the page's largest paint), the rest lazily. `sizes` is
 * the rendered width of the strip (CSS sizes syntax).
 */
export function ProductGallery({
  images,
  name,
  sizes,
  start = 0,
}: {
  images: ImageInfo[];
  name: string;
  sizes: string;
  start?: number;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const [index, setIndex] = useState(start);
  const shownStart = useRef<number | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const stripRef = useRef<HTMLUListElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const count = images.length;

  // Keep `index` in step with the strip when the shopper swipes or scrolls it (and once at start,
  // as the page may have opened at #image-3).
  useEffect(() => {
    const strip = stripRef.current;
    if (!hydrated || !strip) return;
    let timer: number | undefined;
    const settle = () => {
      const width = strip.clientWidth;
      if (width > 0) setIndex(Math.min(count - 1, Math.max(0, Math.round(strip.scrollLeft / width))));
    };
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(settle, SCROLL_SETTLE_MS);
    };
    settle();
    strip.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      strip.removeEventListener("scroll", onScroll);
      window.clearTimeout(timer);
    };
  }, [hydrated, count]);

  // Scroll to `start` once hydrated (unless it is the first image: the page may have opened at
  // #image-3) and whenever it changes (another variant chosen).
  useEffect(() => {
    const strip = stripRef.current;
    if (!hydrated || !strip || shownStart.current === start) return;
    if (shownStart.current !== null || start > 0) {
      strip.scrollLeft = start * strip.clientWidth;
      setIndex(start);
    }
    shownStart.current = start;
  }, [hydrated, start]);

  // The page behind the open preview does not scroll (reset also if the page is left, e.g. by Back).
  useEffect(() => {
    if (!previewOpen) return;
    const root = document.documentElement;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = "";
    };
  }, [previewOpen]);

  if (count === 0) {
    return (
      <div className="flex aspect-square items-center justify-center rounded-lg bg-stone-100 text-stone-600">
        {t("product.noImage")}
      </div>
    );
  }

  const scrollStripTo = (next: number, smooth: boolean) => {
    const strip = stripRef.current;
    if (!strip) return;
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    strip.scrollTo({ left: next * strip.clientWidth, behavior: smooth && !reduceMotion ? "smooth" : "auto" });
  };

  /** Shows image `next` (wrapping around both ends) in the strip and, when open, the preview. */
  const show = (next: number) => {
    const wrapped = ((next % count) + count) % count;
    setIndex(wrapped);
    scrollStripTo(wrapped, !previewOpen);
  };

  const openPreview = (event: MouseEvent<HTMLAnchorElement>, at: number) => {
    // Ctrl/Cmd/Shift/middle click still opens the full-size image in a new tab or window.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setIndex(at);
    setPreviewOpen(true);
    dialogRef.current?.showModal();
  };

  const onPreviewClosed = () => {
    setPreviewOpen(false);
    // Back to the image link the preview was opened from, or the one now shown if the shopper moved on.
    scrollStripTo(index, false);
    stripRef.current?.querySelectorAll<HTMLAnchorElement>("a")[index]?.focus({ preventScroll: true });
  };

  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget || event.target === overlayRef.current) dialogRef.current?.close();
  };

  const onDialogKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "Tab") {
      // A modal dialog makes the page inert, but Tab could still leave for the browser's own UI:
      // wrap around instead, so focus stays in the preview.
      const buttons = [...event.currentTarget.querySelectorAll("button")];
      const first = buttons[0];
      const last = buttons.at(-1);
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      show(index - 1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      show(index + 1);
    }
  };

  const current = images[index]!;
  const position = (i: number) => ({ index: i + 1, count });

  return (
    <div>
      <div className="relative">
        <ul
          ref={stripRef}
          aria-label={t("gallery.label", { name })}
          className="flex snap-x snap-mandatory overflow-x-auto rounded-lg bg-stone-100 [scrollbar-width:none]"
        >
          {images.map((image, i) => {
            const hidden = hydrated && i !== index;
            return (
              <li
                key={image.key}
                id={`image-${i + 1}`}
                className={`w-full shrink-0 snap-center ${!hydrated && i === start && i > 0 ? "order-first" : ""}`}
                aria-hidden={hidden || undefined}
              >
                <a
                  href={fullSizeUrl(image)}
                  className={`block ${hydrated ? "cursor-zoom-in" : ""}`}
                  aria-label={t(hydrated ? "gallery.enlarge" : "gallery.fullSize", position(i))}
                  aria-haspopup={hydrated ? "dialog" : undefined}
                  tabIndex={hidden ? -1 : undefined}
                  onClick={hydrated ? (event) => openPreview(event, i) : undefined}
                >
                  <ResponsiveImage
                    image={image}
                    priority={i === start}
                    sizes={sizes}
                    className="aspect-square w-full object-cover"
                    alt={t("product.imageOf", { ...position(i), name })}
                  />
                </a>
              </li>
            );
          })}
        </ul>
        {hydrated && count > 1 ? (
          <>
            <ArrowButton direction="previous" onClick={() => show(index - 1)} className="left-2" />
            <ArrowButton direction="next" onClick={() => show(index + 1)} className="right-2" />
          </>
        ) : null}
      </div>

      {count > 1 ? (
        <div className="mt-1 flex flex-wrap justify-center">
          {images.map((image, i) =>
            hydrated ? (
              <button
                key={image.key}
                type="button"
                aria-label={t("gallery.show", position(i))}
                aria-current={i === index ? "true" : undefined}
                onClick={() => show(i)}
                className="group flex size-11 items-center justify-center rounded-full"
              >
                <Dot current={i === index} />
              </button>
            ) : (
              <a
                key={image.key}
                href={`#image-${i + 1}`}
                aria-label={t("gallery.show", position(i))}
                className="group flex size-11 items-center justify-center rounded-full"
              >
                <Dot current={false} />
              </a>
            ),
          )}
        </div>
      ) : null}
      {hydrated ? (
        <p className="sr-only" aria-live="polite">
          {t("gallery.position", position(index))}
        </p>
      ) : null}

      {hydrated ? (
        <dialog
          ref={dialogRef}
          aria-label={t("gallery.preview", { name })}
          onClose={onPreviewClosed}
          onClick={onDialogClick}
          onKeyDown={onDialogKeyDown}
          className="m-0 h-full max-h-none w-full max-w-none border-0 bg-black/90 p-0 text-white"
        >
          <div ref={overlayRef} className="flex h-full w-full items-center justify-center px-2 py-16 sm:px-20">
            {previewOpen ? (
              <img
                key={current.key}
                src={fullSizeUrl(current)}
                srcSet={imageSources(current).srcSet}
                sizes="100vw"
                width={current.width}
                height={current.height}
                alt={t("product.imageOf", { ...position(index), name })}
                className="max-h-full w-auto max-w-full object-contain"
              />
            ) : null}
          </div>
          <p className="absolute left-4 top-4 text-sm font-medium" aria-hidden="true">
            {t("gallery.position", position(index))}
          </p>
          <button
            type="button"
            onClick={() => dialogRef.current?.close()}
            aria-label={t("gallery.close")}
            className="absolute right-3 top-3 flex size-11 items-center justify-center rounded-full bg-white/15 hover:bg-white/25"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor">
              <path d="M6 6l12 12M18 6L6 18" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          {count > 1 ? (
            <>
              <ArrowButton direction="previous" onClick={() => show(index - 1)} className="left-2" dark />
              <ArrowButton direction="next" onClick={() => show(index + 1)} className="right-2" dark />
            </>
          ) : null}
        </dialog>
      ) : null}
    </div>
  );
}

function Dot({ current }: { current: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`block size-2.5 rounded-full ${current ? "bg-amber-700" : "bg-stone-400 group-hover:bg-stone-600"}`}
    />
  );
}

function ArrowButton({
  direction,
  onClick,
  className,
  dark = false,
}: {
  direction: "previous" | "next";
  onClick: () => void;
  className: string;
  dark?: boolean;
}) {
  const t = useT();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={t(direction === "previous" ? "gallery.previous" : "gallery.next")}
      className={`absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full shadow ${
        dark ? "bg-white/15 text-white hover:bg-white/25" : "bg-white/90 text-stone-900 hover:bg-white"
      } ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor">
        <path
          d={direction === "previous" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"}
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
