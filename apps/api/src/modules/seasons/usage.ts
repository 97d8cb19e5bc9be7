import { registerUsageCheck } from '../../http/usage-checks';
import { countPlanFieldCrops, planLabelsOfSeason } from './seasons.repo';

/** Uses of seasons and season plans (deletion refusals, team rule); other modules add theirs. */
registerUsageCheck('seasons', async (db, id) => {
  const labels = await planLabelsOfSeason(db, id);
  return labels.length ? `la usa el plan de campaña ${labels.join(', ')}` : null;
});

registerUsageCheck('season_plans', async (db, id) => {
  const plots = await countPlanFieldCrops(db, id);
  if (!plots.length) return null;
  const names = [...new Set(plots)];
  const shown = names.slice(0, 5).join(', ') + (names.length > 5 ? '…' : '');
  return `tiene ${plots.length} cultivo(s) asignado(s) en los lotes ${shown}. Quítelos primero`;
});
