/** The safety number's digits in groups of five, as both people read them out (12 groups of a 60-digit number). */
export function digitGroups(safetyNumber: string): string[] {
  return safetyNumber.replace(/\D/g, '').match(/\d{1,5}/g) ?? [];
}
