// The page's script: the app's start-up (start/sequence.tsx, read it top to bottom) and its style sheet.
import { startApp } from './start/sequence';
import './styles.css';

void startApp();
