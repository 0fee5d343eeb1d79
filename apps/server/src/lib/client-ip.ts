/**
 * The part of a client's address that per-IP limits count. One IPv6 subscriber is usually handed a whole
 * /64, so counting single IPv6 addresses would give them billions of fresh counters: IPv6 is counted by its
 * /64 prefix. IPv4 (also written IPv4-mapped, ::ffff:1.2.3.4) is counted by the address.
 */
import { isIPv6 } from "node:net";

function expandIPv6(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right];
}

export function limitKeyForIp(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const groups = expandIPv6(ip.split("%")[0] ?? ip);
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || "0", 16).toString(16))
    .join(":")}::/64`;
}
