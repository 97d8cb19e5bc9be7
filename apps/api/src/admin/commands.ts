import { asc, desc, eq, sql } from 'drizzle-orm';
import Big from 'big.js';
import { PLAN, PLAN_NAMES, findAddon } from '@fm/domain';
import type { Executor } from '../db/client';
import { addonRequests, crops, grainHumidityStandards, users } from '../db/schema/index';
import { setAddonQuantity, setPlan } from '../modules/plans/plans.service';
import { loadStoreCommand } from './load-store';
import { loadContentCommand } from './load-content';

export const USAGE = `Uso: npm run admin -- <comando>

  set-plan <email> <free|pro|trial> [--days N]   cambia el plan (la prueba dura 15 días salvo --days)
  grant-addon <email> <adicional o id> <cantidad> fija la cantidad comprada de un adicional (0 lo quita)
  list-requests [--limit N]                      pedidos de adicionales, planes y demos (más nuevos primero)
  humidity-standards                             tabla de merma por humedad de cada grano (recepciones)
  set-humidity <cultivo> <tolerancia %> <humedad base de cálculo %> [--manipuleo %] [--fuente texto]
                                                 cambia la merma de un grano: factor = 100 / (100 − base)
  load-store <archivo.json>                      reemplaza las promociones de la tienda, los teléfonos de los vendedores
                                                 y las tarjetas de acceso por las del archivo (ejemplo: docs/store-example.json)
  load-content <archivo.json>                    reemplaza las novedades, los videos de Agro en un minuto, los juegos y
                                                 las campañas que traiga el archivo (ejemplo: docs/content-example.json);
                                                 las respuestas de los juegos que conservan su game_id se mantienen

La base es la del servidor (DATABASE_URL, o la embebida en FM_DATA_DIR). Con la base embebida y el
servidor andando, el comando lo ejecuta el servidor (por el socket admin.sock de esa carpeta).`;

export class CliError extends Error {}

const PLAN_BY_NAME: Record<string, number> = { free: PLAN.FREE, pro: PLAN.PRO, trial: PLAN.TRIAL };

async function userIdOf(db: Executor, email: string): Promise<number> {
  const [u] = await db.select({ user_id: users.user_id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!u) throw new CliError(`No existe un usuario con el email ${email}`);
  return u.user_id;
}

function option(args: string[], name: string): number | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const n = Number(args[i + 1]);
  if (!Number.isInteger(n) || n < 0 || n > 3650) throw new CliError(`${name} requiere un número entero entre 0 y 3650`);
  return n;
}

/** set-plan <email> <free|pro|trial> [--days N] */
export async function setPlanCommand(db: Executor, args: string[]): Promise<string> {
  const [email, planName] = args;
  const planId = planName ? PLAN_BY_NAME[planName.toLowerCase()] : undefined;
  if (!email || planId === undefined) throw new CliError('Uso: set-plan <email> <free|pro|trial> [--days N]');
  const plan = await setPlan(db, await userIdOf(db, email), planId, option(args, '--days'));
  return `${email}: plan ${PLAN_NAMES[plan.plan_id]}${plan.end_date ? `, vence ${plan.end_date.slice(0, 10)} (${plan.days_left} días)` : ', sin vencimiento'}`;
}

/** grant-addon <email> <name|id> <quantity> */
export async function grantAddonCommand(db: Executor, args: string[]): Promise<string> {
  const [email, which, qtyText] = args;
  const quantity = Number(qtyText);
  if (!email || !which || !Number.isInteger(quantity) || quantity < 0 || quantity > 100_000) {
    throw new CliError('Uso: grant-addon <email> <adicional o id> <cantidad entera, 0 a 100000>');
  }
  const addon = findAddon(which);
  if (!addon) throw new CliError(`No existe el adicional '${which}'`);
  await setAddonQuantity(db, await userIdOf(db, email), addon.addon_id, quantity);
  return `${email}: adicional ${addon.name} (id ${addon.addon_id}) = ${quantity}`;
}

/** list-requests [--limit N] */
export async function listRequestsCommand(db: Executor, args: string[]): Promise<string> {
  const limit = option(args, '--limit') ?? 50;
  const rows = await db
    .select({
      id: addonRequests.addon_request_id,
      type: addonRequests.type,
      created_at: addonRequests.created_at,
      email: users.email,
      name: sql<string>`${users.name} || ' ' || ${users.last_name}`,
      phone: users.phone,
    })
    .from(addonRequests)
    .innerJoin(users, eq(users.user_id, addonRequests.user_id))
    .orderBy(desc(addonRequests.created_at), desc(addonRequests.addon_request_id))
    .limit(limit);
  if (rows.length === 0) return 'No hay pedidos.';
  return rows.map((r) => [r.id, r.created_at.toISOString().slice(0, 16).replace('T', ' '), r.type.padEnd(9), r.email, r.name, r.phone ?? ''].join('\t')).join('\n');
}

/** humidity-standards: the shrink table the receptions use (decision 0019). */
export async function humidityStandardsCommand(db: Executor): Promise<string> {
  const rows = await db
    .select({ crop: crops.name, base: grainHumidityStandards.base_humidity, drying: grainHumidityStandards.drying_humidity, factor: grainHumidityStandards.shrink_factor, handling: grainHumidityStandards.handling_loss })
    .from(grainHumidityStandards)
    .innerJoin(crops, eq(crops.crop_id, grainHumidityStandards.crop_id))
    .orderBy(asc(crops.name));
  return ['cultivo\ttolerancia %\tbase %\tfactor\tmanipuleo %', ...rows.map((r) => [r.crop, r.base, r.drying, r.factor, r.handling].join('\t'))].join('\n');
}

const percent = (text: string | undefined, what: string): string => {
  const n = Number(text?.replace(',', '.'));
  if (!text || !Number.isFinite(n) || n < 0 || n >= 100) throw new CliError(`${what} debe ser un porcentaje entre 0 y 100`);
  return n.toFixed(2);
};

/** set-humidity <crop> <tolerance> <drying base> [--manipuleo X] [--fuente texto] */
export async function setHumidityCommand(db: Executor, args: string[]): Promise<string> {
  const [cropName, baseText, dryingText] = args;
  if (!cropName || !baseText || !dryingText) throw new CliError('Uso: set-humidity <cultivo> <tolerancia %> <humedad base de cálculo %> [--manipuleo %] [--fuente texto]');
  const [crop] = await db.select({ crop_id: crops.crop_id, name: crops.name }).from(crops).where(sql`lower(${crops.name}) = lower(${cropName.trim()})`);
  if (!crop) throw new CliError(`No existe el cultivo '${cropName}'`);
  const base = percent(baseText, 'La tolerancia');
  const drying = percent(dryingText, 'La humedad base');
  const handlingAt = args.indexOf('--manipuleo');
  const handling = handlingAt >= 0 ? percent(args[handlingAt + 1], 'El manipuleo') : '0.25';
  const sourceAt = args.indexOf('--fuente');
  const source = sourceAt >= 0 && args[sourceAt + 1] ? args[sourceAt + 1].slice(0, 500) : 'Valores fijados por el operador';
  const factor = new Big(100).div(new Big(100).minus(drying)).round(3, Big.roundHalfUp).toFixed(3);
  const row = { base_humidity: base, drying_humidity: drying, shrink_factor: factor, handling_loss: handling, source };
  await db.insert(grainHumidityStandards).values({ crop_id: crop.crop_id, ...row }).onConflictDoUpdate({ target: grainHumidityStandards.crop_id, set: row });
  return `${crop.name}: tolerancia ${base} %, base ${drying} %, factor ${factor}, manipuleo ${handling} %`;
}

const COMMANDS: Record<string, (db: Executor, args: string[]) => Promise<string>> = {
  'humidity-standards': humidityStandardsCommand,
  'set-humidity': setHumidityCommand,
  'set-plan': setPlanCommand,
  'grant-addon': grantAddonCommand,
  'list-requests': listRequestsCommand,
  'load-store': loadStoreCommand,
  'load-content': loadContentCommand,
};

/** Runs one command line (without the program name); returns the text to print. */
export async function runCommand(db: Executor, argv: string[]): Promise<string> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) throw new CliError(USAGE);
  return command(db, args);
}
