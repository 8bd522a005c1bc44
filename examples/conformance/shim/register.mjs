// `node --import ./shim/register.mjs <suite>`: registers hooks.mjs before the suite loads.
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
