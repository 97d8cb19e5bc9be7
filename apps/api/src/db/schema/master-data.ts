import { pgTable, integer, varchar, boolean, index } from 'drizzle-orm/pg-core';
import { audit, id, nameListIndexes } from './common';
import { users } from './users';
import { farms } from './land';

/**
 * Commercial master data (spec doc 3 §3). Account resources (ARCHITECTURE §4): each row belongs to
 * the owning account (`user_id`) and is shared into workspaces through workspace_entities.
 * Carriers belong to their transport (visible where the transport is); `user_id` repeats the
 * transport's owner so "Mis recursos" lists them by account.
 */
const contact = {
  name: varchar('name', { length: 120 }).notNull(),
  /** CUIT / CUIL, 11 digits without dashes (DOMAIN.md). */
  tax_identifier: varchar('tax_identifier', { length: 11 }),
  contact_name: varchar('contact_name', { length: 120 }),
  email: varchar('email', { length: 254 }),
  phone: varchar('phone', { length: 30 }),
  observations: varchar('observations', { length: 1000 }),
  active: boolean('active').notNull().default(true),
};
const owner = () => integer('user_id').notNull().references(() => users.user_id);

export const providers = pgTable(
  'providers',
  { provider_id: id('provider_id'), user_id: owner(), ...contact, ...audit },
  (t) => [index('providers_user_idx').on(t.user_id), ...nameListIndexes('providers', t, t.provider_id)],
);

export const buyers = pgTable(
  'buyers',
  { buyer_id: id('buyer_id'), user_id: owner(), ...contact, ...audit },
  (t) => [index('buyers_user_idx').on(t.user_id), ...nameListIndexes('buyers', t, t.buyer_id)],
);

export const transports = pgTable(
  'transports',
  { transport_id: id('transport_id'), user_id: owner(), ...contact, ...audit },
  (t) => [index('transports_user_idx').on(t.user_id), ...nameListIndexes('transports', t, t.transport_id)],
);

export const contractors = pgTable(
  'contractors',
  { contractor_id: id('contractor_id'), user_id: owner(), ...contact, ...audit },
  (t) => [index('contractors_user_idx').on(t.user_id), ...nameListIndexes('contractors', t, t.contractor_id)],
);

export const livestockAgents = pgTable(
  'livestock_agents',
  {
    livestock_agent_id: id('livestock_agent_id'),
    user_id: owner(),
    ...contact,
    is_seller: boolean('is_seller').notNull().default(false),
    is_buyer: boolean('is_buyer').notNull().default(false),
    ...audit,
  },
  (t) => [index('livestock_agents_user_idx').on(t.user_id), ...nameListIndexes('livestock_agents', t, t.livestock_agent_id)],
);

/** Choferes: deleting a transport with carriers is refused (no cascade). */
export const carriers = pgTable(
  'carriers',
  {
    carrier_id: id('carrier_id'),
    user_id: owner(),
    transport_id: integer('transport_id')
      .notNull()
      .references(() => transports.transport_id),
    name: varchar('name', { length: 120 }).notNull(),
    tax_identifier: varchar('tax_identifier', { length: 11 }),
    /** Plates AAA123 or AA123AA, upper case without spaces (DOMAIN.md). */
    chassis_patent: varchar('chassis_patent', { length: 7 }),
    trailer_patent: varchar('trailer_patent', { length: 7 }),
    active: boolean('active').notNull().default(true),
    ...audit,
  },
  (t) => [index('carriers_user_idx').on(t.user_id), index('carriers_transport_idx').on(t.transport_id), ...nameListIndexes('carriers', t, t.carrier_id)],
);

/** Acopio (optionally a buyer's), or Silo / Silobolsa on a farm. */
export const destinations = pgTable(
  'destinations',
  {
    destination_id: id('destination_id'),
    user_id: owner(),
    name: varchar('name', { length: 120 }).notNull(),
    destination_type: varchar('destination_type', { length: 20 }).notNull(),
    farm_id: integer('farm_id').references(() => farms.farm_id),
    buyer_id: integer('buyer_id').references(() => buyers.buyer_id),
    active: boolean('active').notNull().default(true),
    ...audit,
  },
  (t) => [
    index('destinations_user_idx').on(t.user_id),
    index('destinations_farm_idx').on(t.farm_id),
    index('destinations_buyer_idx').on(t.buyer_id),
    ...nameListIndexes('destinations', t, t.destination_id),
  ],
);
