/**
 * Per-bucket coverage for a CSV's "Coverage" column: whether the warehouse holds
 * any day of a bucket, and its state in the words tables, CSV and PDF use
 * ("synced", "partly synced", "not synced"). A bucket it holds no day of is
 * written blank, never the 0 its empty sums give. Pure.
 */
import { BUCKET_STATE_WORDS, type Coverage } from "./coverage";

export interface BucketHeld {
  /** Some day of the bucket is held: its sums are figures (a partly held one's coverage says so). */
  held: boolean;
  coverage: string;
}

export function bucketCoverage(coverage: Pick<Coverage, "buckets">): (bucket: string) => BucketHeld {
  const state = new Map(coverage.buckets.map((b) => [b.bucket, b.state]));
  return (bucket) => {
    const s = state.get(bucket) ?? "covered";
    return { held: s !== "uncovered", coverage: BUCKET_STATE_WORDS[s] };
  };
}
