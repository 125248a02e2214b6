/** Appends the house's domain unless the person typed a full address already. */
export function loginEmail(input: string, emailDomain: string | null): string {
  const trimmed = input.trim();
  if (!emailDomain || trimmed.includes('@')) return trimmed;
  return `${trimmed}@${emailDomain}`;
}
