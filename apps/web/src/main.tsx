import './styles/index.css';
import { boot } from './app/boot';

void boot();
