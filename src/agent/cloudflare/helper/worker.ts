/**
 * The release helper on Cloudflare Workers: `npm run cloud:wrangler -- deploy -c helper/wrangler.jsonc`
 * publishes it; `npm run cloud:dev -- agents` runs it under the local workerd.
 */
import { collieChatWorker } from '../agents/index';

export { Helper } from './helper-agent';

export default collieChatWorker({ binding: 'HELPER' });
