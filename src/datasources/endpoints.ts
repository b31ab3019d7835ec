/** Endpoint ids of the service interface, used in errors, logs and metrics. */
export type EndpointId = 'A1' | 'A2' | 'A3' | 'A4' | 'A5' | 'A6' | 'A7' | 'A8' | 'A9' | 'A10' | 'A11' | 'A12' | 'B1' | 'B2' | 'B3' | 'B4' | 'B5' | 'B6' | 'C';

export type Upstream = 'partner' | 'cloud' | 'onPremise' | 'insights';
