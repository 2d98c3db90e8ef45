/** The address failed a check before any byte was sent (privacy walk, bad config). */
export class AddressRefused extends Error {
  override readonly name = 'AddressRefused';
}
