import { FALLBACK_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n.js';
import type { RenderedMessage } from './message-templates.js';

/** The steps a customer may ask to hear about by email or SMS (the "Delivery updates" preference). */
export const UPDATE_STATUSES = ['picked_up', 'in_transit', 'out_for_delivery', 'delivered'] as const;
export type UpdateStatus = (typeof UPDATE_STATUSES)[number];

export function isUpdateStatus(status: string): status is UpdateStatus {
  return (UPDATE_STATUSES as readonly string[]).includes(status);
}

interface UpdateTexts {
  subject: string;
  /** `{id}` is the delivery's number (LF001); `{status}` the step in words. Short enough for one SMS. */
  body: string;
  statuses: Record<UpdateStatus, string>;
}

const TEXTS: Record<Language, UpdateTexts> = {
  'en-US': {
    subject: 'Lanefreight delivery {id}: {status}',
    body: 'Lanefreight: your delivery {id} is {status}. Follow it in the app.',
    statuses: { picked_up: 'picked up', in_transit: 'in transit', out_for_delivery: 'out for delivery', delivered: 'delivered' },
  },
  es: {
    subject: 'Envío Lanefreight {id}: {status}',
    body: 'Lanefreight: tu envío {id} está {status}. Síguelo en la app.',
    statuses: { picked_up: 'recogido', in_transit: 'en tránsito', out_for_delivery: 'en reparto', delivered: 'entregado' },
  },
  fr: {
    subject: 'Livraison Lanefreight {id} : {status}',
    body: "Lanefreight : votre livraison {id} est {status}. Suivez-la dans l'application.",
    statuses: { picked_up: 'récupérée', in_transit: 'en transit', out_for_delivery: 'en cours de livraison', delivered: 'livrée' },
  },
  de: {
    subject: 'Lanefreight-Lieferung {id}: {status}',
    body: 'Lanefreight: Ihre Lieferung {id} ist {status}. Verfolgen Sie sie in der App.',
    statuses: { picked_up: 'abgeholt', in_transit: 'unterwegs', out_for_delivery: 'in Zustellung', delivered: 'zugestellt' },
  },
  pt: {
    subject: 'Entrega Lanefreight {id}: {status}',
    body: 'Lanefreight: sua entrega {id} foi {status}. Acompanhe no app.',
    statuses: { picked_up: 'coletada', in_transit: 'despachada', out_for_delivery: 'enviada para entrega', delivered: 'entregue' },
  },
  yo: {
    subject: 'Ẹrù Lanefreight {id}: {status}',
    body: 'Lanefreight: ẹrù rẹ {id} {status}. Tẹ̀lé e nínú áàpù.',
    statuses: { picked_up: 'ti di gbígbà', in_transit: 'wà lójú ọ̀nà', out_for_delivery: 'ń bọ̀ wá bá ọ', delivered: 'ti dé ọ̀dọ̀ rẹ' },
  },
  ha: {
    subject: 'Kayan Lanefreight {id}: {status}',
    body: 'Lanefreight: kayanka {id} {status}. Bi shi a manhajar.',
    statuses: { picked_up: 'an ɗauko shi', in_transit: 'yana kan hanya', out_for_delivery: 'ana kawo shi', delivered: 'an isar da shi' },
  },
  ig: {
    subject: 'Ngwongwo Lanefreight {id}: {status}',
    body: "Lanefreight: ngwongwo gị {id} {status}. Soro ya n'ime ngwa ahụ.",
    statuses: { picked_up: 'ka ewerela', in_transit: 'nọ n’ụzọ', out_for_delivery: 'na-abịa gị ugbu a', delivered: 'eruola gị aka' },
  },
};

/** The customer's "your delivery is …" message, in their language. Carries no secret. */
export function renderDeliveryUpdate(status: UpdateStatus, language: string, deliveryId: string): RenderedMessage {
  const texts = TEXTS[isLanguage(language) ? language : FALLBACK_LANGUAGE];
  const fill = (template: string) => template.replace('{id}', deliveryId).replace('{status}', texts.statuses[status]);
  return { subject: fill(texts.subject), body: fill(texts.body), holdsSecret: false };
}

export const UPDATE_LANGUAGES = Object.keys(TEXTS) as Language[];
