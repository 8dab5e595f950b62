// The console's date inputs (datetime-local) hold the device's local time; the API takes and answers ISO instants.

/** An ISO instant as a datetime-local value ("" for none). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as an ISO instant (null for a blank field). */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === "") return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A number field: null when blank, else the number typed (NaN lets the API name the field). */
export function numberOrNull(value: string): number | null {
  return value.trim() === "" ? null : Number(value);
}
