/** Types of `noFloatMoney.js` (the rule is plain JavaScript so `eslint.config.js` loads it as is). */
import type { Rule } from 'eslint';

export declare const wordsOf: (name: string) => string[];
export declare function isMoneyName(name: string, exact?: Set<string>): boolean;
export declare function moneyFieldNames(dir: string): string[];
export declare const noFloatMoney: Rule.RuleModule;
declare const plugin: { rules: { 'no-float-money': Rule.RuleModule } };
export default plugin;
