import { sql } from 'drizzle-orm';
import { users, wallets } from '../../db/schema/index.js';

/** What a profile is made of; selected with `users LEFT JOIN wallets`. */
export const PROFILE_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  whatsappNumber: users.whatsappNumber,
  profileImage: users.profileImage,
  roles: users.roles,
  language: users.language,
  createdAt: users.createdAt,
  walletBalance: sql<number>`coalesce(${wallets.balanceKobo}, 0)`.mapWith(Number),
};
