import { formatDeliveryId } from '../../../shared/ids.js';
import type { DeliveryRow } from '../deliveries/deliveries-service.js';

export type { DeliveryRow };

/**
 * The delivery as a webhook's `data`: a plain resource with ids, kobo amounts, ISO times and `livemode`, as the
 * merchant API's deliveries are described in issue 23. Written here because no v1 serializer existed when webhooks
 * were built; once the v1 API has one in src/shared, this should become it.
 */
export function toWebhookDelivery(row: DeliveryRow) {
  return {
    id: formatDeliveryId(row.number),
    trackingId: row.trackingId,
    status: row.status,
    livemode: row.livemode,
    receiver: { name: row.receiverName, phone: row.receiverPhone, language: row.receiverLanguage },
    pickup: { location: row.pickupLocation, lat: row.pickupLat, lng: row.pickupLng },
    dropoff: { location: row.dropoffLocation, lat: row.dropoffLat, lng: row.dropoffLng },
    packageType: row.packageType,
    packageWeight: row.packageWeight,
    transportMode: row.transportMode,
    deliveryType: row.deliveryType,
    deliveryDate: row.deliveryDate,
    price: { baseFareKobo: row.baseFareKobo, distanceFeeKobo: row.distanceFeeKobo, serviceFeeKobo: row.serviceFeeKobo, totalKobo: row.totalKobo },
    paymentMethod: row.paymentMethod,
    paidAt: row.paidAt?.toISOString() ?? null,
    driver: row.driverName ? { name: row.driverName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
