import { readdirSync, readFileSync } from 'node:fs';

/** docs/webhooks.md shows each verifier of docs/webhook-verify in full: what operators copy is what the tests run. */
describe('docs/webhook-verify in docs/webhooks.md', () => {
  const doc = readFileSync('docs/webhooks.md', 'utf8');
  const files = readdirSync('docs/webhook-verify').sort();

  it('When the folder is listed, Then it holds the five verifiers', () => {
    expect(files).toEqual(['verify.go', 'verify.js', 'verify.php', 'verify.py', 'verify.sh']);
  });

  it.each(files)('When %s is compared with the fenced block that shows it, Then they are the same text', (file) => {
    const text = readFileSync(`docs/webhook-verify/${file}`, 'utf8');
    const blocks = [...doc.matchAll(/```\w*\n([\s\S]*?)```/g)].map((m) => m[1]);
    expect(blocks).toContain(text);
    expect(doc).toContain(`](webhook-verify/${file})`);
  });
});
