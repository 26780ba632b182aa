/** Reads all of stdin as UTF-8 (until EOF). */
export async function readStdin(
  stream: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
): Promise<string> {
  // A terminal has nothing piped: empty, as the original cueme reads it (never a wait for EOF).
  if (stream.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
