import { weekdays } from '@cine/contracts';

/** 'yyyy-mm-dd' → 'Martes 24/11/2026' (the weekday as the site writes it). */
export function formatShowDate(date: string): string {
  const [year, month, day] = date.split('-');
  const weekday = weekdays[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? '';
  return `${weekday} ${day}/${month}/${year}`;
}
