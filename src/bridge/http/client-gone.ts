/** The client closed its connection before its request arrived whole: not an error, and nobody to answer. */
export class ClientGone extends Error {
  override name = 'ClientGone';

  constructor(options?: ErrorOptions) {
    super('the client went away mid-request', options);
  }
}
