import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export type WeatherDay = {
  date: string;
  t_max: number | null;
  t_min: number | null;
  precipitation_mm: number | null;
  precipitation_probability: number | null;
  weather_code: number | null;
  wind_max: number | null;
};
export type FarmWeather = {
  farm_id: number;
  name: string;
  city: { city_id: number; name: string } | null;
  weather: { current: { temperature: number | null; weather_code: number | null }; daily: WeatherDay[]; updated_at: string; stale: boolean } | null;
  reason: string | null;
};

/** GET farms/weather: each farm of the workspace with its city's stored forecast, or null and why. */
export async function fetchFarmsWeather(): Promise<FarmWeather[]> {
  const res = await api.get<FarmWeather[]>('farms/weather');
  return Array.isArray(res.data) ? res.data : [];
}

export function useFarmsWeather(workspaceId: number | undefined) {
  return useQuery<FarmWeather[]>({ queryKey: ['weather', 'farms', workspaceId], queryFn: fetchFarmsWeather, staleTime: 600_000, retry: false });
}
