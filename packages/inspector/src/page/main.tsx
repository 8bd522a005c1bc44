// The zod setting must run before the SDK module builds its schemas: keep this import first.
import { zodConfig } from './zod-jitless.js';
import './styles.css';
import { render } from 'preact';
import { App } from './components/app.js';
import { readPageConfig } from './read-config.js';

const root = document.getElementById('app');
if (root !== null && zodConfig.jitless === true) {
  root.replaceChildren();
  render(<App config={readPageConfig(document)} />, root);
}
