import { readFileSync } from 'node:fs';

/** Bare API routes: answer a JSON body held in memory (the bench writes the file, one per name). */
const bodies = new Map();

function bodyFor(name) {
  if (!bodies.has(name)) {
    const folder = process.env.BARE_JSON_DIR;
    bodies.set(name, folder && /^[a-z-]+$/.test(name) ? readFileSync(`${folder}/${name}.json`, 'utf8') : null);
  }
  return bodies.get(name);
}

export default function handler(req, res) {
  const body = bodyFor(String(req.query.name ?? ''));
  if (body === null) {
    res.status(404).json({ message: 'unknown body' });
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.status(200).send(body);
}
