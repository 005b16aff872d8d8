import { fuzzGroup } from './suite';

fuzzGroup(1);
