console.log('fixture');
