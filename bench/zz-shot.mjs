import { withHomeReader } from './lib/web-client.mjs';
const paths = (process.env.SHOT_PATHS || '/deck/getting-started,/deck/notifications').split(',');
const width = Number(process.env.SHOT_WIDTH || 1400);
await withHomeReader('zz-shot', async ({ server, browser, reader }) => {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ name: '_palchat_session', value: reader.sessionSecret, url: server.url }]);
  const page = await context.newPage();
  for (const p of paths) {
    await page.goto(server.url + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(800);
    const file = `/work/scratch/shot${p.replace(/\//g, '_')}.png`;
    await page.screenshot({ path: file });
    console.log(file, page.url());
  }
});
