/**
 * A string matching a simple regular expression: literals, escapes, classes with ranges, groups,
 * `?` `*` `+` `{n,m}`, anchors; the least each quantifier allows. Undefined for what it cannot read
 * (alternation, lookaround), or when the result does not match after all.
 */
export function sampleMatching(pattern: string): string | undefined {
  let index = 0;
  const next = () => pattern[index++] as string;

  const readAtom = (): string | undefined => {
    const character = next();
    if (character === '\\') return escapedCharacter(next());
    if (character === '[') {
      let negated = false;
      if (pattern[index] === '^') {
        negated = true;
        index += 1;
      }
      const members: string[] = [];
      while (index < pattern.length && pattern[index] !== ']') {
        let member = next();
        if (member === '\\') member = escapedCharacter(next());
        if (pattern[index] === '-' && pattern[index + 1] !== ']') {
          index += 1;
          next();
        }
        members.push(member);
      }
      index += 1;
      return negated
        ? (['a', '0', '_'].find((candidate) => !members.includes(candidate)) ?? 'a')
        : members[0];
    }
    if (character === '(') {
      if (pattern[index] === '?') {
        if (pattern[index + 1] !== ':') return undefined;
        index += 2;
      }
      let group = '';
      while (index < pattern.length && pattern[index] !== ')') {
        const piece = readPiece();
        if (piece === undefined) return undefined;
        group += piece;
      }
      index += 1;
      return group;
    }
    if (character === '.') return 'a';
    if (character === '|') return undefined;
    return character;
  };

  const readPiece = (): string | undefined => {
    if (pattern[index] === '^' || pattern[index] === '$') {
      index += 1;
      return '';
    }
    const atom = readAtom();
    if (atom === undefined) return undefined;
    const quantifier = pattern[index];
    if (quantifier === '?' || quantifier === '*') {
      index += 1;
      return '';
    }
    if (quantifier === '+') {
      index += 1;
      return atom;
    }
    if (quantifier === '{') {
      const close = pattern.indexOf('}', index);
      const minimum = Number(pattern.slice(index + 1, close).split(',')[0]);
      index = close + 1;
      return atom.repeat(Number.isFinite(minimum) ? minimum : 1);
    }
    return atom;
  };

  let result = '';
  while (index < pattern.length) {
    const piece = readPiece();
    if (piece === undefined) return undefined;
    result += piece;
  }
  try {
    return new RegExp(pattern, 'u').test(result) ? result : undefined;
  } catch {
    return undefined;
  }
}

function escapedCharacter(character: string): string {
  if (character === 'd') return '0';
  if (character === 'w') return 'a';
  if (character === 's') return ' ';
  return character;
}
