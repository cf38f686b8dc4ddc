-- Same expression as SEARCH_TEXT in app/models/employee.server.ts.
UPDATE `employees` SET `search_text` = lower(`code`) || ' ' || `first_name` || ' ' || `last_name` || ' ' || lower(`nickname`) || ' ' || replace(replace(replace(replace(replace(`phone`, '-', ''), ' ', ''), '(', ''), ')', ''), '+', '');
