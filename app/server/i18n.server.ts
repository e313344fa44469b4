/**
 * The server's translator: the page catalogues and root messages (app/i18n/index.ts) plus the
 * messages only the server sends (app/i18n/server-messages.ts), which no page's
 * JavaScript carries. Actions and loaders that answer with a message use it.
 */
import { fill, langOfRequest, translator, type Lang, type ServerTranslate } from "~/i18n";
import { serverMessages, type ServerMessageKey } from "~/i18n/server-messages";

const translators = new Map<Lang, ServerTranslate>();

/**
 * The translator for `lang` with the server-only messages: one function per language for the life
 * of the process, so that what is built from it (a form's schema) can be kept with it.
 */
export function serverTranslator(lang: Lang): ServerTranslate {
  let t = translators.get(lang);
  if (!t) {
    const page = translator(lang);
    const own = serverMessages[lang];
    t = (key, params) =>
      key in own
        ? fill(own[key as ServerMessageKey], params)
        : page(key as Exclude<typeof key, ServerMessageKey>, params);
    translators.set(lang, t);
  }
  return t;
}

/** The server's translator for the language of `request` (its URL: `/bn…` is Bangla). */
export function requestTranslator(request: Request): ServerTranslate {
  return serverTranslator(langOfRequest(request));
}
