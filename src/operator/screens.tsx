/**
 * The sign-in page and the operator console, one lazy chunk (App.tsx): with two, the bundler moves the modules
 * they share with the map out of the map's first chunk into a chunk of their own (decision 0047).
 */
import './consoleStyles.css';

export { LoginPage } from './login/LoginPage';
export { OperatorApp } from './OperatorApp';
