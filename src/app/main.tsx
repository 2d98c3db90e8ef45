import { render } from 'preact';
import { createRouter } from './router';
import { createStores } from './stores/create-stores';
import { hasPairingLink } from './stores/pairing-store';
import { AppView } from './views/app-view';
import './styles.css';

const router = createRouter();
// The first screen's data is asked for now, not after the first render; a pairing link comes first.
const stores = createStores(hasPairingLink(location.hash) ? {} : { firstRoute: router.route.peek() });
router.start();
stores.connection.start();
stores.pairing.start();
document.documentElement.lang = 'en';
render(<AppView stores={stores} route={router.route} />, document.getElementById('app')!);
