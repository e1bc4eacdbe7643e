/**
 * `compute`, with its answer remembered per key for keys of `shape` (a closed, small set such as
 * ISO codes, so the memory stays bounded whatever callers send); other keys are computed each time.
 */
export function rememberedByKey<T>(shape: RegExp, compute: (key: string) => T): (key: string) => T {
  const answers = new Map<string, T>();
  return (key) => {
    if (!shape.test(key)) return compute(key);
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = compute(key);
      answers.set(key, answer);
    }
    return answer;
  };
}
