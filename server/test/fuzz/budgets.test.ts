import { FUZZ_GROUPS, fuzzGroup } from './suite';

// the budgets and inter-office debts group, found by a collection it holds
fuzzGroup(FUZZ_GROUPS.findIndex((g) => g.includes('budgets')));
