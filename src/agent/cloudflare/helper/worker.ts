/**
 * The release helper on Cloudflare Workers: `wrangler deploy -c src/agent/cloudflare/helper/wrangler.jsonc`
 * publishes it; `npm run cloud:dev -- agents` runs it under the local workerd.
 */
import { collieChatWorker } from '../agents/index';

export { Helper } from './helper-agent';

export default collieChatWorker({ binding: 'HELPER' });
