import type { ServerLocale } from './locales.js';
import { ar } from './messages/ar.js';
import { de } from './messages/de.js';
import { en, type Catalogue } from './messages/en.js';
import { es } from './messages/es.js';
import { fa } from './messages/fa.js';
import { fr } from './messages/fr.js';
import { it } from './messages/it.js';
import { ja } from './messages/ja.js';
import { ko } from './messages/ko.js';
import { nl } from './messages/nl.js';
import { pl } from './messages/pl.js';
import { ptBR } from './messages/pt-BR.js';
import { zhCN } from './messages/zh-CN.js';

export const CATALOGUES: Readonly<Record<ServerLocale, Catalogue>> = {
  en,
  de,
  fr,
  es,
  'pt-BR': ptBR,
  it,
  nl,
  pl,
  ja,
  'zh-CN': zhCN,
  ko,
  ar,
  fa,
};
