-- Stored orders take the districts' current official English names (app/rules/districts.ts,
-- docs/decisions/044-official-district-names.md), so lists, exports and courier hand-offs show one
-- spelling. The address key (app/rules/order-limits.ts `addressKey`) ends with the district folded
-- to lower case after a "|": its last part is rewritten the same way, so an order placed before
-- and one placed after the change to one address still compare equal. Orders without an address
-- key (placed before it was kept) keep none.

UPDATE "Order"
SET "district" = 'Chattogram',
    "addressKey" = CASE WHEN "addressKey" LIKE '%|chittagong'
      THEN substr("addressKey", 1, length("addressKey") - length('chittagong')) || 'chattogram'
      ELSE "addressKey" END
WHERE "district" = 'Chittagong';

UPDATE "Order"
SET "district" = 'Cumilla',
    "addressKey" = CASE WHEN "addressKey" LIKE '%|comilla'
      THEN substr("addressKey", 1, length("addressKey") - length('comilla')) || 'cumilla'
      ELSE "addressKey" END
WHERE "district" = 'Comilla';

UPDATE "Order"
SET "district" = 'Barishal',
    "addressKey" = CASE WHEN "addressKey" LIKE '%|barisal'
      THEN substr("addressKey", 1, length("addressKey") - length('barisal')) || 'barishal'
      ELSE "addressKey" END
WHERE "district" = 'Barisal';

UPDATE "Order"
SET "district" = 'Jashore',
    "addressKey" = CASE WHEN "addressKey" LIKE '%|jessore'
      THEN substr("addressKey", 1, length("addressKey") - length('jessore')) || 'jashore'
      ELSE "addressKey" END
WHERE "district" = 'Jessore';

UPDATE "Order"
SET "district" = 'Bogura',
    "addressKey" = CASE WHEN "addressKey" LIKE '%|bogra'
      THEN substr("addressKey", 1, length("addressKey") - length('bogra')) || 'bogura'
      ELSE "addressKey" END
WHERE "district" = 'Bogra';
