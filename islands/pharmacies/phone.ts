// Spec: the phone input accepts digit keys only and at most 14 characters.
export const PHONE_MAX_LENGTH = 14;

export const digitsOnly = (text: string) => text.replace(/\D/g, "");

/** Ten digits read as a North American number, '(555) 123-4567'; anything else as typed. */
export function displayPhone(phone: string): string {
  const match = /^(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : phone;
}
