import { farms, fields } from '../../db/schema/index';
import { share } from '../../http/sharing';
import type { TestApp, TestUser } from '../../test/app';
export { memberWithout } from '../../test/app';

/** ~100 ha square near Tandil (Buenos Aires) as KML. */
export function tandilKml(name = 'Lote Tandil'): string {
  const lat = -37.32;
  const lon = -59.13;
  const dLat = 1000 / 111_195;
  const dLon = 1000 / (111_195 * Math.cos((lat * Math.PI) / 180));
  const ring = [[lon, lat], [lon + dLon, lat], [lon + dLon, lat + dLat], [lon, lat + dLat], [lon, lat]].map(([x, y]) => `${x.toFixed(7)},${y.toFixed(7)},0`).join(' ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>${name}</name>
<Polygon><outerBoundaryIs><LinearRing><coordinates>${ring}</coordinates></LinearRing></outerBoundaryIs></Polygon>
</Placemark></Document></kml>`;
}

/** A multipart/form-data body with one file part. */
export function multipartFile(filename: string, content: Uint8Array | string, contentType = 'application/octet-stream') {
  const boundary = '----fmboundary7MA4YWxkTrZu0gW';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, Buffer.from(content), tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Farms of `user` shared into its workspace, each with one plot `Lote <name>` of 40 ha. */
export async function sharedFarmsWithPlot(app: TestApp, user: TestUser, names: string[]): Promise<{ farmIds: number[]; plotIds: number[] }> {
  const out = { farmIds: [] as number[], plotIds: [] as number[] };
  for (const name of names) {
    const [farm] = await app.db.insert(farms).values({ user_id: user.user_id, name }).returning();
    await share(app.db, 'farms', farm.farm_id, [user.workspace_id]);
    const [plot] = await app.db.insert(fields).values({ farm_id: farm.farm_id, name: `Lote ${name}`, hectares: 40 }).returning();
    out.farmIds.push(farm.farm_id);
    out.plotIds.push(plot.field_id);
  }
  return out;
}
