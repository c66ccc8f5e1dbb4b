const UNITS = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
] as const;

/** Checklist UT-4: 10000 -> '10k', (1234567, 2) -> '1.23M'; below 1000 the number itself. */
export function numberFormatter(num: number, digits = 0): string {
  for (const unit of UNITS) {
    if (num >= unit.value) {
      return (num / unit.value).toFixed(digits).replace(/\.0+$|(\.[0-9]*[1-9])0+$/, '$1') + unit.symbol;
    }
  }
  return String(num);
}

/** Checklist UT-5: thousands separators, 10000 -> '10,000'; NaN -> '0'. */
export function toThousandFilter(num: number | string): string {
  return (+num || 0).toString().replace(/^-?\d+/g, (m) => m.replace(/(?=(?!\b)(\d{3})+$)/g, ','));
}
