/** Campaign names: `2025/26` = sowing year / harvest year (DOMAIN.md). A campaign runs 1 July to 30 June. */
export const CAMPAIGN_PATTERN = /^(\d{4})\/(\d{2})$/;

export function isValidCampaignName(name: string): boolean {
  const m = CAMPAIGN_PATTERN.exec(name.trim());
  if (!m) return false;
  return (Number(m[1]) + 1) % 100 === Number(m[2]);
}

export function campaignForDate(date: Date): string {
  const y = date.getUTCFullYear();
  const start = date.getUTCMonth() >= 6 ? y : y - 1;
  return `${start}/${String((start + 1) % 100).padStart(2, '0')}`;
}

export const CAMPAIGN_MESSAGE = 'La campaña debe tener la forma 2025/26';
