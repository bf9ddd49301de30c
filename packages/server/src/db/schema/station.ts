import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, numeric, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { searchChars, searchIndexes, tstz, versioned } from './common.ts';
import { agents } from './agent.ts';
import { customers } from './customer.ts';

/** 电站 (fields of DOMAIN.md); lifecycle STATION_MACHINE of the contract (lifecycle.ts). */
export const stations = pgTable(
  'stations',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    agent_id: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    province_code: varchar('province_code', { length: 6 }).notNull(),
    city_code: varchar('city_code', { length: 6 }),
    district_code: varchar('district_code', { length: 12 }),
    address: varchar('address', { length: 200 }),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    capacity_kwp: numeric('capacity_kwp', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    module_count: integer('module_count'),
    module_model: varchar('module_model', { length: 64 }),
    module_power_w: integer('module_power_w'),
    inverter_model: varchar('inverter_model', { length: 64 }),
    inverter_sn: varchar('inverter_sn', { length: 64 }),
    tilt_deg: numeric('tilt_deg', { precision: 5, scale: 2, mode: 'number' }),
    azimuth: numeric('azimuth', { precision: 5, scale: 2, mode: 'number' }),
    /** full | self_use */
    grid_mode: varchar('grid_mode', { length: 16 }),
    /** 220V | 380V | 10kV */
    grid_voltage: varchar('grid_voltage', { length: 8 }),
    grid_at: tstz('grid_at'),
    /** 电表号: the grid meter, from the approved grid-connection self-audit; settlement sheets name it */
    meter_no: varchar('meter_no', { length: 32 }),
    /** StationStatus of the contract */
    status: varchar('status', { length: 24 }).notNull().default('survey_pending'),
    frozen: boolean('frozen').notNull().default(false),
    frozen_reason: varchar('frozen_reason', { length: 500 }),
    terminated_reason: varchar('terminated_reason', { length: 500 }),
    /** the PV package sold (products) */
    product_id: integer('product_id'),
    /** construction approved (完工自检通过): with customers.signed_at and grid_at gives the lead times */
    built_at: tstz('built_at'),
    /** when status last changed */
    status_at: tstz('status_at'),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    index('stations_province_status_idx').on(t.province_code, t.status),
    index('stations_customer_idx').on(t.customer_id),
    index('stations_agent_idx').on(t.agent_id, t.created_at),
    index('stations_status_created_idx').on(t.status, t.created_at),
    // the list's default order (newest first), alone and within a province
    index('stations_created_idx').on(t.created_at, t.id),
    index('stations_province_created_idx').on(t.province_code, t.created_at, t.id),
    // the big screen's feed of the latest grid connections (statistic/events)
    index('stations_grid_at_idx').on(t.grid_at).where(sql`${t.grid_at} is not null`),
    uniqueIndex('stations_meter_no_key').on(t.meter_no).where(sql`${t.meter_no} is not null`),
    ...searchIndexes('stations', t.code, { code: true }),
    ...searchIndexes('stations', t.name, { pairs: true }),
    ...searchIndexes('stations', t.address, { pairs: true }),
    searchChars('stations', [t.code, t.name, t.address]),
  ],
);
