/** Distances and speeds in the reader's language (Intl units: "12.4 km", "12,4 km", "22 km/h"). */
export function formatKilometres(meters: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }).format(meters / 1000);
}

export function formatSpeed(kmh: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'kilometer-per-hour', maximumFractionDigits: 0 }).format(kmh);
}
