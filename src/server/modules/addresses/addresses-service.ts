import { AppError } from '../../lib/app-error.js';
import type { Transactions } from '../../db/transactions.js';
import { isInServiceArea } from '../../../shared/geo.js';
import {
  ADDRESS_BOOK_LIMIT,
  type Address,
  type AddressBody,
  type AddressPatch,
} from '../../../shared/schemas/places.js';
import type { PlacesService } from '../places/places-service.js';
import type { AddressesRepository, AddressRow, AddressValues } from './addresses-repository.js';

function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    label: row.label,
    line: row.line,
    directions: row.directions,
    placeId: row.placeId,
    lat: row.lat,
    lng: row.lng,
    lga: row.lga,
    state: row.state,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
  };
}

const orNull = (value: string | undefined) => (value ? value : null);

interface Deps {
  transactions: Pick<Transactions, 'run'>;
  repository: AddressesRepository;
  places: Pick<PlacesService, 'require' | 'nearest'>;
}

/** The address book: each customer's saved pickup and dropoff addresses. */
export function createAddressesService({ transactions, repository, places }: Deps) {
  /** Where the address is: its place, or its point (in Nigeria) with the nearest place's LGA and state. */
  function whereIs(body: Pick<AddressBody, 'placeId' | 'lat' | 'lng'>): Pick<AddressValues, 'placeId' | 'lat' | 'lng' | 'lga' | 'state'> {
    if (body.placeId !== undefined) {
      const place = places.require(body.placeId, 'placeId');
      return { placeId: place.id, lat: place.lat, lng: place.lng, lga: place.lga, state: place.state };
    }
    if (body.lat === undefined || body.lng === undefined) {
      throw new AppError('VALIDATION_FAILED', { fields: { placeId: ['places.validation.placeUnknown'] } });
    }
    if (!isInServiceArea({ lat: body.lat, lng: body.lng })) {
      throw new AppError('OUTSIDE_SERVICE_AREA', { fields: { lat: ['places.validation.coordinates'] } });
    }
    const nearest = places.nearest(body.lat, body.lng);
    return { placeId: null, lat: body.lat, lng: body.lng, lga: nearest.lga, state: nearest.state };
  }

  async function findOwned(userId: string, id: string): Promise<AddressRow> {
    const row = await repository.find(userId, id);
    if (!row) throw new AppError('ADDRESS_NOT_FOUND');
    return row;
  }

  return {
    list: async (userId: string) => ({ items: (await repository.list(userId)).map(toAddress) }),

    /** One of this user's addresses as stored; another user's is not found. */
    findOwned: async (userId: string, id: string) => toAddress(await findOwned(userId, id)),

    async create(userId: string, body: AddressBody): Promise<Address> {
      const values = {
        label: body.label,
        line: body.line,
        directions: orNull(body.directions),
        contactName: orNull(body.contactName),
        contactPhone: orNull(body.contactPhone),
        ...whereIs(body),
      };
      // Counted under a lock on this user's book: parallel saves cannot pass the limit together.
      const row = await transactions.run(async ({ tx }) => {
        await repository.lockBook(userId, tx);
        if ((await repository.count(userId, tx)) >= ADDRESS_BOOK_LIMIT) return null;
        return repository.insert(userId, values, tx);
      });
      if (!row) throw new AppError('ADDRESS_LIMIT', { params: { limit: ADDRESS_BOOK_LIMIT } });
      return toAddress(row);
    },

    async update(userId: string, id: string, patch: AddressPatch): Promise<Address> {
      const current = await findOwned(userId, id);
      const moved = patch.placeId !== undefined || patch.lat !== undefined || patch.lng !== undefined;
      const values: Partial<AddressValues> = {
        ...(patch.label !== undefined && { label: patch.label }),
        ...(patch.line !== undefined && { line: patch.line }),
        ...(patch.directions !== undefined && { directions: orNull(patch.directions) }),
        ...(patch.contactName !== undefined && { contactName: orNull(patch.contactName) }),
        ...(patch.contactPhone !== undefined && { contactPhone: orNull(patch.contactPhone) }),
        ...(moved && whereIs(patch.placeId !== undefined ? patch : { lat: patch.lat ?? current.lat, lng: patch.lng ?? current.lng })),
      };
      const row = await repository.update(userId, id, values);
      if (!row) throw new AppError('ADDRESS_NOT_FOUND');
      return toAddress(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repository.remove(userId, id))) throw new AppError('ADDRESS_NOT_FOUND');
    },
  };
}
export type AddressesService = ReturnType<typeof createAddressesService>;
