const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
// The last label starts with a letter: WHATWG URL parsing reads a numeric one as an IPv4 address.
const TOP_LABEL = '[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const H16 = '[0-9A-Fa-f]{1,4}';
const IPV6 = [
  `(?:${H16}:){7}${H16}`,
  `(?:${H16}:){1,7}:`,
  `(?:${H16}:){1,6}:${H16}`,
  `(?:${H16}:){1,5}(?::${H16}){1,2}`,
  `(?:${H16}:){1,4}(?::${H16}){1,3}`,
  `(?:${H16}:){1,3}(?::${H16}){1,4}`,
  `(?:${H16}:){1,2}(?::${H16}){1,5}`,
  `${H16}:(?::${H16}){1,6}`,
  `:(?:(?::${H16}){1,7}|:)`,
  // With an IPv4 address in the last 32 bits (e.g. the IPv4-mapped ::ffff:127.0.0.1).
  `(?:${H16}:){6}${OCTET}(?:\\.${OCTET}){3}`,
  `::(?:[fF]{4}:)?${OCTET}(?:\\.${OCTET}){3}`,
].join('|');
const PORT = '(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3})';
const URL_CHARS = "[A-Za-z0-9._~!$&'()*+,;=:@%/-]";

/**
 * What a URL the API fetches or calls may be (webhook url, asset source_url), stated once for
 * the validators and the document: https, a DNS name,
 * an IPv4 address or a bracketed IPv6 one, an optional port, path and query; no credentials, no
 * fragment. Every string it matches parses as a URL.
 */
export const HTTPS_URL_PATTERN =
  `^https://(?:(?:${LABEL}\\.)*${TOP_LABEL}|${OCTET}(?:\\.${OCTET}){3}|\\[(?:${IPV6})\\])(?::${PORT})?` +
  `(?:/${URL_CHARS}*)?(?:\\?(?:${URL_CHARS}|\\?)*)?$`;
