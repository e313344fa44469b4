/**
 * URLs of the installable admin app, shared by the admin layout (browser) and the server
 * (app/server/http/admin-app.server.ts). See docs/decisions/012-admin-app-and-dashboard.md.
 */

/** Where the installed app opens (as after sign-in: the products list). */
export const ADMIN_APP_START_URL = "/admin/products";
/** The part of the site the app and its service worker cover. */
export const ADMIN_APP_SCOPE = "/admin/";
/** The web app manifest: public, outside /admin (browsers fetch it without cookies). */
export const ADMIN_APP_MANIFEST_URL = "/admin-app.webmanifest";
/** The service worker script; served from /admin/ so its default scope is /admin/. */
export const ADMIN_APP_SW_URL = "/admin/sw.js";
/** The icon for iOS home screens (180 px), linked from the admin layout. */
export const ADMIN_APP_APPLE_TOUCH_ICON_URL = "/admin-app/icons/apple-touch-icon.png";
