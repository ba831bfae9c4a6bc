import { it } from 'vitest';
import { startServer } from '../helpers/server';
it('dbg', async () => {
  const s = await startServer({ demo: true });
  for (const q of (process.env.QS ?? '').split('|')) console.log(`\n### ${q}\n${(await s.app.assistant.builtin(q)).text.slice(0, 600)}`);
  await s.close();
}, 120000);
