import { bilingual } from "../bilingual";

/** The owner's SMS gateway page (/admin/sms): the provider, its key (sealed), the test message. */
export const smsGatewayMessages = bilingual({
  en: {
    "admin.smsGateway.title": "SMS gateway",
    "admin.smsGateway.nav.label": "SMS pages",
    "admin.smsGateway.nav.gateway": "Gateway",
    "admin.smsGateway.nav.templates": "Texts",
    "admin.smsGateway.nav.messages": "Messages sent",
  },
  bn: {
    "admin.smsGateway.title": "এসএমএস গেটওয়ে",
    "admin.smsGateway.nav.label": "এসএমএস পাতা",
    "admin.smsGateway.nav.gateway": "গেটওয়ে",
    "admin.smsGateway.nav.templates": "বার্তার লেখা",
    "admin.smsGateway.nav.messages": "পাঠানো বার্তা",
  },
});
