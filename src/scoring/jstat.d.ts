// jStat ships no type declarations: the part of it this project calls (normal-distribution.ts).
declare module "jstat" {
  export const jStat: {
    normal: {
      cdf(x: number, mean: number, sd: number): number;
      inv(p: number, mean: number, sd: number): number;
    };
  };
}
