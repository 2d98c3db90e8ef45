import { render } from 'preact';
import { createRouter } from './router';
import { createStores } from './stores/create-stores';
import { AppView } from './views/app-view';
import './styles.css';

const stores = createStores();
const router = createRouter();
router.start();
stores.connection.start();
stores.pairing.start();
document.documentElement.lang = 'en';
render(<AppView stores={stores} route={router.route} />, document.getElementById('app')!);
