/**
 * The couriers haat hands parcels to, as orders and history rows name them, and their display
 * names (brand names, the same in both languages). Pure.
 */

/** Display names by the name orders store; a name haat does not know is shown as it is. */
const COURIER_NAMES: Readonly<Record<string, string>> = { steadfast: "Steadfast", pathao: "Pathao" };

/** A courier's display name: "Pathao" for "pathao"; an unknown name as it is; "" for none. */
export function courierDisplayName(courier: string | null): string {
  return courier ? (COURIER_NAMES[courier] ?? courier) : "";
}
