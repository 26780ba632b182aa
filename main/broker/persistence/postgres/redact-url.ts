/** Query parameters of a libpq-style URL that carry a secret. */
const SECRET_PARAMS = ['password', 'sslpassword', 'sslkey', 'passfile'];

/**
 * A secret as `name=value` anywhere in the text: a libpq key/value connection string
 * (`host=db password=s3cret`, `password='s 3'`), a PGPASSWORD-style variable, or a parameter
 * that ended up outside the query (`…/db%20password=x`). Not preceded by a letter, so
 * `sslpassword` and `PGPASSWORD` are names of their own.
 */
const KEY_VALUE_SECRET = new RegExp(
  `(?<![a-z])((?:${[...SECRET_PARAMS, 'pgpassword'].join('|')})\\s*=\\s*)('(?:[^'\\\\]|\\\\.)*'?|[^\\s&#'"]+)`,
  'gi',
);

/** `text` with the value of every `password=…`-like pair replaced by `***`. */
function redactKeyValues(text: string): string {
  return text.replace(KEY_VALUE_SECRET, '$1***');
}

/**
 * A store URL fit for messages and logs: the password in the user info (`user:pw@`, `:pw@`) and
 * every secret query parameter (`?password=`, `sslpassword=`, ...) replaced by `***`, whatever
 * their encoding. A URL that does not parse is cut to its scheme and host as far as they show.
 */
export function redactStoreUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return redactKeyValues(
      url
        .replace(/\/\/[^/?#]*@/, '//***@')
        .replace(new RegExp(`([?&](?:${SECRET_PARAMS.join('|')})=)[^&#]*`, 'gi'), '$1***'),
    );
  }
  if (parsed.password) parsed.password = '***';
  for (const name of [...parsed.searchParams.keys()])
    if (SECRET_PARAMS.includes(name.toLowerCase())) parsed.searchParams.set(name, '***');
  return redactKeyValues(parsed.toString().replace(/%2A%2A%2A/g, '***'));
}

/** `text` with every secret of `url` (its password, raw or decoded) replaced by `***`. */
export function redactSecretsIn(text: string, url: string): string {
  const secrets = new Set<string>();
  try {
    const parsed = new URL(url);
    if (parsed.password) {
      secrets.add(parsed.password);
      secrets.add(decodeURIComponent(parsed.password));
    }
    for (const [name, value] of parsed.searchParams)
      if (SECRET_PARAMS.includes(name.toLowerCase()) && value) secrets.add(value);
  } catch {
    // Nothing parseable to look for; the URL itself is redacted where it appears.
  }
  for (const [, , value] of url.matchAll(KEY_VALUE_SECRET)) secrets.add(unquoted(value!));
  let out = text.split(url).join(redactStoreUrl(url));
  for (const secret of [...secrets]
    .filter((s) => s.length >= 3)
    .sort((a, b) => b.length - a.length))
    out = out.split(secret).join('***');
  return redactKeyValues(out);
}

function unquoted(value: string): string {
  return value.startsWith("'") ? value.replace(/^'|'$/g, '').replace(/\\(.)/g, '$1') : value;
}
