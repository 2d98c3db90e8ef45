/**
 * The hosted desk on Cloudflare Workers: `npm run cloud:wrangler -- deploy -c desk/wrangler.jsonc`
 * publishes it; `npm run cloud:dev` runs it under the local workerd.
 */
import { collieObject, collieWorker } from '../index';
import { DESK_CAPS, DESK_HOST, startDesk } from './desk-agent';

export const Desk = collieObject({ hostName: DESK_HOST, caps: DESK_CAPS, start: (kit) => startDesk(kit) });

export default collieWorker({ binding: 'DESK' });
