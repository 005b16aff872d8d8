import { FUZZ_GROUPS, fuzzGroup } from './suite';

fuzzGroup(FUZZ_GROUPS.findIndex((g) => g.includes('expenses')));
